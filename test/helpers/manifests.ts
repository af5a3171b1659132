/** Small manifests several tests build on. */

/** A Job whose one app container runs `./migrate`, then `more` (container list items, 6 spaces in). */
export const migrateJob = (more: string) => `apiVersion: batch/v1
kind: Job
metadata: {name: migrate}
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: app:1
        command: [./migrate]
${more}`;
