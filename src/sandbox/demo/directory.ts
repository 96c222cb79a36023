// The demo data as the directory the service is started with.
import { createDirectory } from '../model/directory';
import { DEMO_WORKSPACES } from './apps';
import { DEMO_USERS } from './users';

export const DEMO_DIRECTORY = createDirectory(DEMO_WORKSPACES, DEMO_USERS);
