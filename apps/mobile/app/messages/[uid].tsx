export { default } from '../../src/features/messages/ConversationScreen';
