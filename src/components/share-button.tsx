import { useState } from 'react';

const CONFIRMATION_MS = 5000;

/**
 * "Share" for the page in view: the system's share sheet where the browser has one (Web Share API), otherwise the
 * address copied, said in a visible status ("Link copied"), or shown to copy by hand when copying is refused.
 */
export function ShareButton() {
  const [said, setSaid] = useState('');
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: document.title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return; // the visitor closed the sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied');
      window.setTimeout(() => setSaid(''), CONFIRMATION_MS);
    } catch {
      setSaid(`Copy this link: ${url}`);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <button type="button" className="rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10" onClick={() => void share()}>
        Share
      </button>
      <span role="status" className="text-sm">
        {said}
      </span>
    </div>
  );
}
