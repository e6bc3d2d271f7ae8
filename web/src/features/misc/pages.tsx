// The pages of / and /home, as the router loads them (one chunk): LandingPage.tsx and HomePage.tsx.
export { LandingPage } from './LandingPage';
export { HomePage, preload } from './HomePage';
