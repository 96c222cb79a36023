// Vocabulary for generated titles, descriptions and comments. Kept small and varied on purpose:
// search tests need repeated words (stemming, phrases) and the data should read like real work.

export const TASK_VERBS = ['Replace', 'Update', 'Install', 'Configure', 'Review', 'Migrate', 'Clean up', 'Document', 'Upgrade', 'Repair', 'Order', 'Test'];
export const TASK_OBJECTS = [
  'printer toner', 'VPN client', 'laptop battery', 'network switch', 'backup job', 'mail filter', 'firewall rules',
  'password policy', 'monitor cables', 'docking station', 'wiki page', 'database index', 'SSL certificate',
  'conference room display', 'office printers', 'build server', 'access badges', 'phone system',
];
export const TASK_QUALIFIERS = [
  'for the sales team', 'on floor 3', 'in building B', 'before the audit', 'for new hires', 'in the Berlin office',
  'after the outage', 'for the quarterly review', 'on all workstations', 'in the data center',
];

export const INCIDENT_SUBJECTS = ['Mail server', 'Printer', 'VPN gateway', 'Wi-Fi', 'File share', 'Payroll system', 'Web shop', 'Phone line', 'CRM', 'Build pipeline'];
export const INCIDENT_PROBLEMS = ['not responding', 'very slow', 'offline', 'returns errors', 'rejects logins', 'drops connections', 'shows a blank page', 'jams constantly'];
export const HOSTS = ['srv-mail-01', 'prn-b2-07', 'vpn-gw-02', 'fs-archive', 'pay-app-03', 'web-shop-01', 'crm-db-02', 'ci-runner-05'];

export const COMPANY_PREFIXES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Soylent', 'Tyrell', 'Cyberdyne', 'Wonka'];
export const COMPANY_SUFFIXES = ['Corp', 'Industries', 'GmbH', 'Ltd', 'Group', 'Systems', 'Logistics', 'Foods'];
export const PRODUCTS = ['license renewal', 'support contract', 'hardware refresh', 'cloud migration', 'training package', 'printer fleet', 'consulting days'];

export const POSITIONS = ['Backend developer', 'Service desk agent', 'Account executive', 'Network engineer', 'Office manager', 'Data analyst', 'Product designer'];
export const FIRST_NAMES = ['Anna', 'Ben', 'Chloe', 'David', 'Elif', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Lukas', 'Mona', 'Noah', 'Olga', 'Paul'];
export const LAST_NAMES = ['Schmidt', 'Meyer', 'Garcia', 'Kowalski', 'Nguyen', 'Rossi', 'Larsen', 'Okafor', 'Tanaka', 'Novak', 'Dubois', 'Silva'];

// Sentences of descriptions (and task notes), one list per app so that each record reads like
// its app's work: a hiring record talks about candidates, never about network latency.
export const IT_SENTENCES = [
  'The users reported the problem twice this week.',
  'Please check the logs before changing anything.',
  'The vendor confirmed that a replacement part is on the way.',
  'This blocks the monthly report for the finance team.',
  'Printers on this floor keep running out of paper.',
  'The old configuration is archived on the file share.',
  'We agreed to schedule the change outside office hours.',
  'Network latency spikes every morning around nine.',
  'The budget owner approved the purchase order.',
  'A workaround is documented in the team wiki.',
  'Backups completed, but the verification step failed.',
  'The monitoring alert fired again after the last restart.',
  'Roll the change out to one team first, then to everyone.',
  'The service desk has a ticket template for this.',
];

export const DEAL_SENTENCES = [
  'The customer asked for a written quote by Friday.',
  'The contract renewal needs legal review first.',
  'Their purchasing team wants a discount for a three-year term.',
  'The head of operations is our champion on the customer side.',
  'A demo for their IT team is booked for next week.',
  'Their budget owner signed off on the proposal.',
  'A competitor offered a lower price, but without support.',
  'They want to start with a pilot in one region.',
  'The decision is expected at their board meeting next month.',
  'Payment terms of 30 days were accepted.',
];

export const ACCOUNT_SENTENCES = [
  'A long-standing customer that renews every spring.',
  'The main contact is their procurement lead.',
  'Invoices go to the head office, not to the branches.',
  'They prefer a call over email for anything urgent.',
  'Two open support cases were closed to their satisfaction.',
  'The account plan for next year is in the shared folder.',
  'They are expanding into two new countries this year.',
  'The quarterly business review is due next month.',
  'Their new finance director wants a single yearly invoice.',
  'A reference visit from another customer is planned.',
];

export const HIRING_SENTENCES = [
  'Two candidates were shortlisted after the phone screen.',
  'The candidate has five years of experience in a similar role.',
  'References were checked and came back positive.',
  'The hiring manager wants a second interview with the team.',
  'Salary expectations are within the budget for the role.',
  'The candidate can start after a notice period of three months.',
  'The take-home exercise was well structured and documented.',
  'The role needs two days a week in the Berlin office.',
  'The candidate asked about training and mentoring.',
  'Feedback from all interviewers is in the scorecard.',
];

export const COMMENTS = [
  'Looked into it, will continue tomorrow.',
  'Waiting for feedback from the requester.',
  'Done on my side, please verify.',
  'Escalated to the vendor hotline.',
  'Could you add the error message from the logs?',
  'Moved to next sprint because of the audit.',
];

export const LOG_LINES = [
  'paper jam detected in tray 2',
  'duplex unit reported a paper feed error',
  'toner level low, replacement ordered',
  'firmware update completed without errors',
  'connection reset by peer during backup',
  'certificate expires in 14 days',
  'disk usage above 90 percent on volume data',
  'login failures from unknown network range',
];
