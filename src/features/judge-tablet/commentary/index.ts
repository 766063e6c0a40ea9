/**
 * The recording part of the judge's page, one lazily loaded chunk (decision 134): loaded only where a seat's event
 * records commentary, or recordings wait on the device. One entry, so that its modules never count as shared by two
 * chunks (vite.config.ts puts app code of two or more chunks into the shared one).
 */
export { default as RecorderPanel } from './components/recorder-panel';
export { default as AudioWaitingLine } from './components/audio-waiting';
