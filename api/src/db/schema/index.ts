// One file per area; each area adds its export line here.
export * from './ai';
export * from './api-tokens';
export * from './billing';
export * from './bots';
export * from './campaigns';
export * from './companies';
export * from './contacts';
export * from './flows';
export * from './jobs';
export * from './locations';
export * from './mail';
export * from './queues';
export * from './schedules';
export * from './signup';
export * from './tickets';
export * from './users';
export * from './whatsapps';
