// Public surface of uploads, attaching and downloads. Import from here, not from the files.
export { DEFAULT_CHUNK_SIZE, DEFAULT_MAX_RESTARTS, TusUploader, fileUidOf, tusEndpoint, uploadFile } from './tusUploader';
export type { UploadConnection, UploadFileOptions, UploadFileRequest, UploadedFile } from './tusUploader';
export { FileUploadResumeStore, MemoryUploadResumeStore } from './resumeStore';
export { JsonListFile } from './jsonListFile';
export type { PendingUpload, UploadResumeStore } from './resumeStore';
export { hasChangedSince, takeSnapshot, uploadFingerprint } from './fileSnapshot';
export type { FileSnapshot } from './fileSnapshot';
export { attachUploads, pendingAttachment, readAttachments } from './attach';
export type { AttachUploadsParams, UploadToAttach } from './attach';
export { downloadToFile } from './download';
export type { DownloadToFileOptions, DownloadedFile } from './download';
