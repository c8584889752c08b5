export * from './contacts/number';
export * from './errors';
export * from './messages/message.types';
export * from './permissions/capabilities';
export * from './tickets/ticket.types';
export * from './users/user.types';
