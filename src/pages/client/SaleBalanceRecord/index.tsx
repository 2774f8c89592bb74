// Placeholder until this screen is built.
export { default } from '@/pages/NotBuilt';
