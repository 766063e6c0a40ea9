import { useState } from 'react';

const CONFIRMATION_MS = 5000;
const BANNER_BUTTON = 'rounded border border-white/60 px-2 py-1 text-sm hover:bg-white/10';

/**
 * "Share": the system's share sheet where the browser has one (Web Share API), otherwise the address copied and said
 * in a visible status ("Link copied"), or shown to copy by hand when copying is refused. The banner's shares the page
 * in view; `path` shares another address of the app (a list of groups), `title` naming it in the share sheet.
 */
export function ShareButton({
  label = 'Share',
  path,
  title,
  className = BANNER_BUTTON,
}: {
  label?: string;
  path?: string;
  title?: string;
  className?: string;
}) {
  const [said, setSaid] = useState('');
  const share = async () => {
    const url = path ? new URL(path, location.href).href : location.href;
    // A closed (or refused) share sheet rejects: nothing more to do. Without the API, the clipboard.
    if (navigator.share) return navigator.share({ title: title ?? document.title, url }).catch(() => {});
    const copied = await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    );
    setSaid(copied ? 'Link copied' : `Copy this link: ${url}`);
    if (copied) setTimeout(() => setSaid(''), CONFIRMATION_MS);
  };
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={className} onClick={() => void share()}>
        {label}
      </button>
      <span role="status" className="text-sm">
        {said}
      </span>
    </div>
  );
}
