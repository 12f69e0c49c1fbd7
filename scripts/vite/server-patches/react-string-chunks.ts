import type { Patch } from "./patch";

/**
 * React 18's server renderer for Web streams, writing strings instead of bytes (decision 024).
 *
 * `react-dom/server.browser` turns every piece of markup it pushes (each tag name, attribute name,
 * attribute value and text) into bytes with its own `TextEncoder.encode` call, then copies the
 * bytes into 512-byte buffers and hands each full buffer to the stream. A page is a few thousand
 * such pieces: measured in workerd, rendering to a stream cost twice `renderToString` for the same
 * tree. Here the pieces stay strings, are collected while React writes, and each flush is encoded
 * once and enqueued as one chunk: the same bytes (a character outside the Basic Multilingual
 * Plane split between two pieces can no longer become two replacement characters), the same
 * flushes, so streaming and Suspense behave as before. React 19 writes this way itself.
 *
 * Only the production build is edited (the one the server build bundles).
 */
export const reactStringChunkPatches: Patch[] = [
  {
    decision: "024",
    name: "react-dom/server.browser",
    file: /react-dom\/cjs\/react-dom-server\.browser\.production\.min\.js$/,
    edits: [
      // writeChunk: keep the piece (l: the pieces of this flush, n: how many).
      [
        "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
        "function p(a,b){0!==b.length&&(l[n++]=b)}",
      ],
      // completeWriting: one encoding and one chunk per flush.
      ["function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}", 'function ba(a){l&&0<n&&(a.enqueue(ca.encode(l.join(""))),l=null,n=0)}'],
      // stringToChunk and stringToPrecomputedChunk: strings stay strings.
      ["function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}", "function u(a){return a}function w(a){return a}"],
      // beginWriting (twice: the shell and later flushes).
      ["l=new Uint8Array(512);n=0", "l=[];n=0", 2],
    ],
    check: (code) => (code.includes("Uint8Array") ? "a byte buffer is still written to" : null),
  },
];
