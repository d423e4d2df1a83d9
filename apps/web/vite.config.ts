import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // The live-audio websocket (LIVE-AUDIO-1) before the rest of /api, which is plain HTTP.
      '/api/live-audio': { target: api, changeOrigin: true, ws: true },
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      '/primus': { target: api, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache better.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // hls.js is imported on demand (the first upload that plays): its own chunk.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/ },
            // LIVE-AUDIO-15: Agora's web SDK and what only it uses, imported only when the server
            // has Agora: its own chunk, never part of what every page loads.
            {
              name: 'agora',
              test: /node_modules[\\/](agora-rtc-sdk-ng|@agora-js|agora-rte-extension(-ng)?|webrtc-adapter|sdp|@bufbuild[\\/]protobuf|pako)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
