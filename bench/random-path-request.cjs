// autocannon's request hook for measureLoad's `paths`: each request goes to one of them, picked at random.
const paths = JSON.parse(process.env.BENCH_REQUEST_PATHS || '[]');
module.exports = (request) => {
  if (paths.length > 0) request.path = paths[Math.floor(Math.random() * paths.length)];
  return request;
};
