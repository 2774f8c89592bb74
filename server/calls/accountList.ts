export * from '../accounts/list';
