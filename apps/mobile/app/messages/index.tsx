export { default } from '../../src/features/messages/MessagesScreen';
