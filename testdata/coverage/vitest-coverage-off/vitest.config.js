import { defineConfig } from 'vitest/config';

// Coverage is off, and were it on it would print text into its own directory.
export default defineConfig({
  test: {
    coverage: { enabled: false, reporter: ['text'], reportsDirectory: 'user-coverage' },
  },
});
