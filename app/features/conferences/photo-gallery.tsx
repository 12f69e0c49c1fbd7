import { publicFileUrl } from "~/lib/file-names";
import { Link, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, type PointerEvent } from "react";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { CopyButton, UrlField } from "~/components/copy-button";
import { DownloadIcon } from "~/components/icons";
import { ExternalButtonLink } from "~/components/ui/button";
import { StepNav } from "~/components/ui/step-nav";

// The dialog (Radix, focus trap, scroll lock) loads when a visitor is about to use it.
const loadPhotoDialog = () => import("./photo-dialog");
const PhotoDialog = lazy(loadPhotoDialog);

export const PHOTOS_PER_SLIDE = 6;

type Photo = { filename: string; originalName: string; altText: string | null };

export const photoUrl = (filename: string) => publicFileUrl("conference_photo", filename);

/** Slides of six thumbnails; a thumbnail opens the full-size view. All state is in the URL
 * (`?slide=`, `?photo=`), so it all works as plain links and the back button behaves. */
export function PhotoGallery({
  photos,
  title,
  slide,
  selected,
  origin,
}: {
  photos: Photo[];
  title: string;
  slide: number;
  selected: string | null;
  origin: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const slides = Math.max(1, Math.ceil(photos.length / PHOTOS_PER_SLIDE));
  const current = Math.min(Math.max(1, slide), slides);
  const shown = photos.slice((current - 1) * PHOTOS_PER_SLIDE, current * PHOTOS_PER_SLIDE);
  const photo = photos.find((p) => p.filename === selected) ?? null;
  const index = photo ? photos.indexOf(photo) : -1;
  const alt = (p: Photo, i: number) => p.altText || `Photo ${i + 1} of ${photos.length} from ${title}`;
  const slideHref = (n: number) => `?slide=${n}#gallery`;
  const slideOf = (i: number) => Math.floor(i / PHOTOS_PER_SLIDE) + 1;
  const photoHref = (i: number) => `?slide=${slideOf(i)}&photo=${encodeURIComponent(photos[i]!.filename)}#photo-view`;
  const closeHref = slideHref(photo ? slideOf(index) : current);
  const previous = photo && index > 0 ? photoHref(index - 1) : null;
  const next = photo && index < photos.length - 1 ? photoHref(index + 1) : null;
  // Stepping through photos replaces the history entry: Back and Close return to the gallery.
  const go = (href: string | null) => href && navigate(href, { preventScrollReset: true, replace: true });
  // Closing the dialog (Close, Escape, outside) puts the focus on the thumbnail of the photo it
  // showed, which the closed gallery's slide holds, not on the page's body.
  const closedOn = useRef<string | null>(null);
  const thumbnails = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (photo || !closedOn.current) return;
    const filename = closedOn.current;
    closedOn.current = null;
    [...(thumbnails.current?.querySelectorAll<HTMLAnchorElement>("a[data-photo]") ?? [])].find((a) => a.dataset.photo === filename)?.focus();
  }, [photo]);
  // A horizontal swipe on the photo (touch or pen) steps to the next or previous one.
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    swipeStart.current = e.pointerType === "mouse" ? null : { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = e.clientX - start.x;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(e.clientY - start.y)) go(dx < 0 ? next : previous);
  };

  const view = photo ? (
    <>
      <img src={photoUrl(photo.filename)} alt={alt(photo, index)} onPointerDown={onPointerDown} onPointerUp={onPointerUp} className="photo-full" />
      <StepNav
        label="Photos"
        className="photo-steps"
        previous={previous ? { to: previous, label: "‹ Previous photo" } : null}
        next={next ? { to: next, label: "Next photo ›" } : null}
        preventScrollReset
        replace={hydrated}
      />
      <div className="actions">
        <ExternalButtonLink href={`${photoUrl(photo.filename)}?download`} download={photo.originalName} size="small">
          <DownloadIcon /> Download
        </ExternalButtonLink>
        {hydrated ? (
          <CopyButton value={`${origin}${photoUrl(photo.filename)}`} label="Copy URL" copiedText="URL copied to clipboard" />
        ) : null}
      </div>
      {!hydrated ? <UrlField id="photo-url" label="Photo URL" value={`${origin}${photoUrl(photo.filename)}`} /> : null}
    </>
  ) : null;

  return (
    <div id="gallery" onPointerEnter={loadPhotoDialog} onFocus={loadPhotoDialog}>
      {photo && !hydrated ? (
        <section className="photo-view card" id="photo-view" aria-labelledby="photo-view-title">
          <h3 id="photo-view-title">
            Photo {index + 1} of {photos.length}
          </h3>
          {view}
          <p>
            <Link to={closeHref} preventScrollReset>
              Close
            </Link>
          </p>
        </section>
      ) : null}

      <ul ref={thumbnails} className="gallery-slide" aria-label={`Photos ${(current - 1) * PHOTOS_PER_SLIDE + 1} to ${(current - 1) * PHOTOS_PER_SLIDE + shown.length} of ${photos.length}`}>
        {shown.map((p, i) => {
          const n = (current - 1) * PHOTOS_PER_SLIDE + i;
          return (
            <li key={p.filename}>
              <Link to={photoHref(n)} preventScrollReset aria-label={`Open photo ${n + 1} full size`} data-photo={p.filename}>
                <img src={photoUrl(p.filename)} alt={alt(p, n)} width={200} height={200} loading="lazy" decoding="async" />
              </Link>
            </li>
          );
        })}
      </ul>
      {slides > 1 ? (
        <StepNav
          label="Photo slides"
          className="gallery-nav"
          previous={current > 1 ? { to: slideHref(current - 1), label: "‹ Previous" } : null}
          next={current < slides ? { to: slideHref(current + 1), label: "Next ›" } : null}
          preventScrollReset
        >
          <span>
            Slide {current} of {slides}
          </span>
        </StepNav>
      ) : null}

      {hydrated && photo ? (
        <Suspense fallback={null}>
          <PhotoDialog
            title={`Photo ${index + 1} of ${photos.length}: ${photo.originalName}`}
            onClose={() => {
              closedOn.current = photo.filename;
              navigate(closeHref, { preventScrollReset: true, replace: true });
            }}
            onStep={(direction) => go(direction < 0 ? previous : next)}
          >
            {view}
          </PhotoDialog>
        </Suspense>
      ) : null}
    </div>
  );
}
