import { useEffect, useState } from 'preact/hooks';

/** Copies text to the clipboard and says so in a polite status. */
export function CopyButton({ text, label, describedBy }: { text: string; label: string; describedBy?: string }) {
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (status === '') return;
    const timer = window.setTimeout(() => setStatus(''), 4000);
    return () => window.clearTimeout(timer);
  }, [status]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Copied');
    } catch {
      setStatus('Copying is blocked here; select the text and copy it');
    }
  };
  return (
    <span class="copy">
      <button type="button" class="button" onClick={() => void copy()} aria-describedby={describedBy}>
        {label}
      </button>
      <span role="status" class="copy__status">
        {status}
      </span>
    </span>
  );
}
