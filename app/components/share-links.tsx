import { useHydrated } from "~/components/hooks/use-hydrated";
import { CopyButton, UrlField } from "./copy-button";
import { FacebookIcon, LinkedInIcon, XIcon } from "./icons";

export function ShareLinks({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const targets = [
    { label: "X", Icon: XIcon, href: `https://x.com/intent/post?${new URLSearchParams({ url, text: title })}` },
    { label: "Facebook", Icon: FacebookIcon, href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}` },
    { label: "LinkedIn", Icon: LinkedInIcon, href: `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url })}` },
  ];
  return (
    <div>
      <div className="actions">
        {targets.map(({ label, Icon, href }) => (
          <a key={label} className="btn btn-outline btn-small" href={href} target="_blank" rel="noopener noreferrer">
            <Icon />
            <span>
              Share on {label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </span>
          </a>
        ))}
      </div>
      <div className="stack space-above-sm">
        {hydrated ? <CopyButton value={url} label="Copy link" copiedText="Link copied to clipboard" /> : <UrlField id="share-url" label="Link to this page" value={url} />}
      </div>
    </div>
  );
}
