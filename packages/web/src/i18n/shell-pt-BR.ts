/**
 * Portuguese (Brazil) texts of the app's shell: the menu with the other pages and the
 * person's account, and the bar of main pages at the bottom of a phone's screen. Mounted
 * in `pt-BR.ts` as `shell`; `shell-en.ts` must have exactly these keys.
 */
export const shellPtBR = {
  menu: {
    button: 'Menu',
    label: 'Outras páginas e a sua conta',
    pages: 'Páginas',
    account: 'Sua conta',
  },
  bottomNav: {
    label: 'Páginas principais',
    compose: 'Criar',
    more: 'Mais',
  },
};
