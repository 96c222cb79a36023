// The files feature (uploads, attaching, drag and drop, downloads) as its own bundle,
// dist/files.js, loaded the first time a file is attached, dropped, opened or saved: tus-js-client
// and the upload UI stay out of dist/extension.js. Modules live in ../files/.
export { addDroppedBytesToField, addFilesFromEditor, addFilesToField } from '../files/editorFiles';
export { attachToRecord, openAttachmentCommand, saveAttachmentAsCommand } from '../files/attachCommands';
export { attachFilesToRecord } from '../files/attachFiles';
export { createRecordWithFiles } from '../files/createWithFiles';
export { checkUploadsAtStart, finishPendingUploads, offerPendingUploads, pendingUploads } from '../files/pendingUploads';
export { handleTreeDrop } from '../files/treeDrop';
export { localFilesOutsideWorkspace } from '../files/droppedFiles';
export { openAttachment, saveAttachmentAs } from '../files/attachmentDownloads';
