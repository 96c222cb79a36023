// The files feature (uploads, attaching, drag and drop, downloads) as its own bundle,
// dist/files.js, loaded the first time a file is attached, dropped, opened or saved: tus-js-client
// and the upload UI stay out of dist/extension.js. Modules live in ../files/.
export { addDroppedBytesToField, addFilesFromEditor, addFilesToField } from '../records/files/editorFiles';
export { attachToRecord, openAttachmentCommand, saveAttachmentAsCommand } from '../records/files/attachCommands';
export { attachFilesToRecord } from '../records/files/attachFiles';
export { createRecordWithFiles } from '../records/files/createWithFiles';
export { checkUploadsAtStart, finishPendingUploads, offerPendingUploads, pendingUploads } from '../records/files/pendingUploads';
export { handleTreeDrop } from '../records/files/treeDrop';
export { localFilesOutsideWorkspace } from '../records/files/droppedFiles';
export { openAttachment, saveAttachmentAs } from '../records/files/attachmentDownloads';
