// Expo's defaults (they already find the workspace packages and the app's own React), with two
// changes for builds: the transform cache lives in the app (CI can keep it between runs), and its
// key includes the app config's `extra` (BRAND, API_URL), which is inlined into the bundle: a
// build for another brand or server must not reuse the transforms of the previous one.
const path = require('node:path');
const { getConfig } = require('expo/config');
const { getDefaultConfig } = require('expo/metro-config');
const { FileStore } = require('@expo/metro/metro-cache');

const config = getDefaultConfig(__dirname);
config.cacheStores = [new FileStore({ root: path.join(__dirname, '.cache', 'metro') })];
config.cacheVersion = `${config.cacheVersion ?? ''}:${JSON.stringify(getConfig(__dirname).exp.extra)}`;

module.exports = config;
