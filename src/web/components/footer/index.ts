export { FOOTER_LINKS, Footer, type FooterLink, type FooterProps } from './Footer';
