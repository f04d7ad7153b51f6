import { ScanForm } from './ScanForm.js';
import { ScanHistory } from './ScanHistory.js';

export function Scans() {
  return (
    <>
      <h1 tabIndex={-1}>Scans</h1>
      <ScanForm />
      <ScanHistory />
    </>
  );
}
