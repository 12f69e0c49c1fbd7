import type { PublicConfig } from "~/server/env.server";
import { FacebookIcon, LinkedInIcon, XIcon, YouTubeIcon } from "./icons";

export function SiteFooter({ config, year }: { config: PublicConfig; year: number }) {
  const social = [
    { href: config.social.linkedin, label: "LinkedIn", Icon: LinkedInIcon },
    { href: config.social.x, label: "X", Icon: XIcon },
    { href: config.social.facebook, label: "Facebook", Icon: FacebookIcon },
    { href: config.social.youtube, label: "YouTube", Icon: YouTubeIcon },
  ];
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <p className="footer-name">{config.siteName}</p>
            <address>
              {config.contactAddress}
              <br />
              <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
            </address>
          </div>
          <ul className="social" aria-label="The society on social networks">
            {social.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} rel="noopener noreferrer" target="_blank" aria-label={`${label} (opens in a new tab)`}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="copyright">
          © {year} {config.siteName}. All rights reserved. <a href="/api-reference">API for developers</a>
        </p>
      </div>
    </footer>
  );
}
