// The editor's message protocol; defined in core so the extension host can import it too.
export * from '../../core/records/editorProtocol';
