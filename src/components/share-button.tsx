import { useState } from 'react';

const CONFIRMATION_MS = 5000;

/**
 * "Share" for the page in view: the system's share sheet where the browser has one (Web Share API), otherwise the
 * address copied and said in a visible status ("Link copied"), or shown to copy by hand when copying is refused.
 */
export function ShareButton() {
  const [said, setSaid] = useState('');
  const share = async () => {
    const url = location.href;
    // A closed (or refused) share sheet rejects: nothing more to do. Without the API, the clipboard.
    if (navigator.share) return navigator.share({ title: document.title, url }).catch(() => {});
    const copied = await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    );
    setSaid(copied ? 'Link copied' : `Copy this link: ${url}`);
    if (copied) setTimeout(() => setSaid(''), CONFIRMATION_MS);
  };
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        className="rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10"
        onClick={() => void share()}
      >
        Share
      </button>
      <span role="status" className="text-sm">
        {said}
      </span>
    </div>
  );
}
