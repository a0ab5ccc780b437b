export { Footer, footerLinks, type FooterLink, type FooterProps } from './Footer';
