import { appViteConfig } from '@portal/config/vite';
import { defineConfig } from 'vite';

export default defineConfig(appViteConfig(5174));
