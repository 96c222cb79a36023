// Upload ids (file_uid) are GUIDs; anything else never reaches the file system.
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUploadId(value: string): boolean {
  return GUID.test(value);
}
