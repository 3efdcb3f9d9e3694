// Background Sync API types, missing from TypeScript's libs (WebWorker lib only: it uses
// ExtendableEvent). Owns: SyncManager, SyncEvent, ServiceWorkerRegistration.sync and the `sync`
// event on ServiceWorkerGlobalScope. https://wicg.github.io/background-sync/spec/

interface SyncManager {
  getTags(): Promise<string[]>;
  register(tag: string): Promise<void>;
}

declare var SyncManager: {
  prototype: SyncManager;
  new (): SyncManager;
};

interface ServiceWorkerRegistration {
  readonly sync: SyncManager;
}

interface SyncEventInit extends ExtendableEventInit {
  tag: string;
  lastChance?: boolean;
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** True when the browser will not retry this sync after this attempt. */
  readonly lastChance: boolean;
}

declare var SyncEvent: {
  prototype: SyncEvent;
  new (type: string, init: SyncEventInit): SyncEvent;
};

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}
