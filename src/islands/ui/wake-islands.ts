// Wakes the islands that wait for the page (`client:interaction="any"`, src/directives/interaction.ts): the page says so
// on <html> (for an island whose directive is not attached yet) and with the `tc:interaction` event (for the rest).
export function wakeIslands() {
  document.documentElement.dataset.interaction = 'wanted';
  window.dispatchEvent(new Event('tc:interaction'));
}
