// The pages of / and /home as the router loads them: one chunk, since a visitor on the landing
// page goes on to /home.
export { LandingPage } from '../landing/LandingPage';
export { HomePage, preload } from './HomePage';
