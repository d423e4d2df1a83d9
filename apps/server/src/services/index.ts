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

/** Services whose domain arrives in later issues: mounted with their status route only. */
function upcoming(name: ServiceModule['name'], version: string): ServiceModule {
  return { name, version, register: async () => {} };
}

/** Every service, in mounting order. `SERVICES=user,room` selects a subset. */
export const SERVICES: ServiceModule[] = [
  userService,
  roomService,
  songService,
  playlistService,
  notificationService,
  socialService,
  upcoming('points', '1.0.0'),
  paymentService,
  auditService,
  uploadService,
  upcoming('merch', '1.0.0'),
  chatService,
];
