// What `use-sync-external-store/shim` is for React before 18, the runtime's own hook (preact-runtime.ts aliases the
// shim here): wouter (lib/router.tsx) imports it, and the built page then carries no CommonJS shim before its first tap.
export { useSyncExternalStore } from 'react';
