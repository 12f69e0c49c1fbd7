/** A few inline icons, decorative unless given a title. */
type IconProps = { className?: string };
const svg = (d: string) =>
  function Icon({ className }: IconProps) {
    return (
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
        <path d={d} />
      </svg>
    );
  };

export const PinIcon = svg("M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z");
export const CalendarIcon = svg("M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm12 8v10H5V10h14Z");
export const DownloadIcon = svg("M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3V3ZM5 18h14v2H5v-2Z");
export const LinkedInIcon = svg("M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1v6.45h-4v-5.7c0-1.36-.02-3.1-1.9-3.1-1.9 0-2.18 1.48-2.18 3v5.8h-4v-11Z");
export const XIcon = svg("M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z");
export const FacebookIcon = svg("M13.5 22v-8.2h2.8l.4-3.2h-3.2V8.5c0-.93.26-1.56 1.6-1.56h1.7V4.1A23 23 0 0 0 14.3 4c-2.46 0-4.14 1.5-4.14 4.25v2.36H7.4v3.2h2.76V22h3.34Z");
export const YouTubeIcon = svg("M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1c.4-1.6.5-3.2.5-4.8s-.1-3.2-.5-4.8ZM9.7 15.1V8.9l5.8 3.1-5.8 3.1Z");
export const LinkIcon = svg("M10.6 13.4a1 1 0 0 0 1.4 0l4-4a3 3 0 0 0-4.2-4.2l-1.5 1.5 1.4 1.4 1.5-1.5a1 1 0 0 1 1.4 1.4l-4 4a1 1 0 0 0 0 1.4ZM13.4 10.6a1 1 0 0 0-1.4 0l-4 4a3 3 0 0 0 4.2 4.2l1.5-1.5-1.4-1.4-1.5 1.5a1 1 0 0 1-1.4-1.4l4-4a1 1 0 0 0 0-1.4Z");

export function BrandMark({ className }: IconProps) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <rect width="48" height="48" rx="8" fill="#fff" />
      <path d="M10 36V14l7 10 7-10 7 10 7-10v22" fill="none" stroke="#0f2b4c" strokeWidth="3.5" strokeLinejoin="round" />
      <path d="M10 40h28" stroke="#8c6a22" strokeWidth="3" />
    </svg>
  );
}
export const CheckIcon = svg("M9.2 16.6 4.9 12.3l-1.4 1.4 5.7 5.7L20.5 8.1l-1.4-1.4z");
export const HourglassIcon = svg("M6 2h12v2h-1v3.2a4 4 0 0 1-1.6 3.2L12.7 12l2.7 1.6A4 4 0 0 1 17 16.8V20h1v2H6v-2h1v-3.2a4 4 0 0 1 1.6-3.2l2.7-1.6-2.7-1.6A4 4 0 0 1 7 7.2V4H6V2Zm3 2v3.2a2 2 0 0 0 .8 1.6L12 10.8l2.2-2A2 2 0 0 0 15 7.2V4H9Zm3 9.2-2.2 1.3a2 2 0 0 0-.8 1.6V20h6v-3.9a2 2 0 0 0-.8-1.6L12 13.2Z");
