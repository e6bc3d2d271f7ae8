// The About page as the router loads it (one chunk): /about.
export { AboutPage } from './AboutPage';
