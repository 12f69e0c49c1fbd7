/**
 * Icons from the sprite in public/icons.svg: the path data stays out of the JavaScript bundle and
 * is cached once. Decorative (aria-hidden); the text beside an icon names it.
 */
type IconProps = { className?: string };

function sprite(id: string) {
  return function Icon({ className }: IconProps) {
    return (
      <svg aria-hidden="true" focusable="false" className={className}>
        <use href={`/icons.svg#${id}`} />
      </svg>
    );
  };
}

export const PinIcon = sprite("pin");
export const CalendarIcon = sprite("calendar");
export const DownloadIcon = sprite("download");
export const LinkedInIcon = sprite("linkedin");
export const XIcon = sprite("x");
export const FacebookIcon = sprite("facebook");
export const YouTubeIcon = sprite("youtube");
export const LinkIcon = sprite("link");
export const CheckIcon = sprite("check");
export const HourglassIcon = sprite("hourglass");
export const BrandMark = sprite("brand");
