import type { ServiceModule } from '../platform/service';
import { userService } from './user/index';
import { roomService } from './room/index';
import { songService } from './song/index';
import { uploadService } from './upload/index';
import { playlistService } from './playlist/index';
import { auditService } from './audit/index';
import { chatService } from './chat/index';
import { notificationService } from './notification/index';
import { socialService } from './social/index';
import { paymentService } from './payment/index';
import { pointsService } from './points/index';

/**
 * Services with no contract yet: mounted with their status route only, with no version (none is
 * published for them). Merch has no contract at all and is kept out of the web app.
 */
function upcoming(name: ServiceModule['name']): ServiceModule {
  return {
    name,
    version: null,
    provides: [],
    requires: [],
    optional: {},
    register: async () => {},
  };
}

/** Every service, in mounting order. `SERVICES=user,room` selects a subset. */
export const SERVICES: ServiceModule[] = [
  userService,
  roomService,
  songService,
  playlistService,
  notificationService,
  socialService,
  pointsService,
  paymentService,
  auditService,
  uploadService,
  upcoming('merch'),
  chatService,
];
