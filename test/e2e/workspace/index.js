// A file for the sample workspace's `npm test`; the gate tests only need something to list and read.
console.log('sample workspace');
