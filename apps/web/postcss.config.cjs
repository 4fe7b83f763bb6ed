// Mantine's CSS relies on its preset for rem() and light-dark mixins.
module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
  },
};
