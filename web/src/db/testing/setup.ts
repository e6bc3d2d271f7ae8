// Vitest setup of every test file: an in-memory IndexedDB (before Dexie is loaded).
import 'fake-indexeddb/auto';
