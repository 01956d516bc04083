export { nativeRecover } from './nativeRecover';
