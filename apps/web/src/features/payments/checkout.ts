/** Leaves the app for the payment provider's checkout page; the provider sends the person back. One place, so tests can watch it. */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
