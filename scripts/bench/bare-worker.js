// The runtime's own limit: a Worker that answers a fixed string, served the same way as the site.
export default {
  fetch() {
    return new Response("Multinational Finance Society", { headers: { "Content-Type": "text/plain" } });
  },
};
