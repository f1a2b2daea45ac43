// The one webpack configuration of the front apps: each app calls it with its name and what it exposes.
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const commonPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const COMMON_ENTRIES = ['domain', 'store', 'http', 'ui'];
const STANDALONE_PAGE = new URL('./standalone.html', import.meta.url).pathname;
const STYLE_TAG_TRANSFORM = new URL('./style-tag-transform.js', import.meta.url).pathname;
/**
 * V8's explicit compile hint (Chrome 136 and later; a comment to any other browser): every function of the file is
 * compiled with the file, on a background thread while it downloads. Without it, each of webpack's module functions is
 * compiled on the page's main thread when it first runs, a few milliseconds at a time while the page comes alive: what
 * a phone pays in blocked taps on every public page (bench/lighthouse.md). A chunk is loaded when its code is needed.
 */
const COMPILE_WITH_THE_FILE = '//# allFunctionsCalledOnLoad';

/** Libraries loaded once for the whole portal, whatever app brings them first. */
function sharedLibraries(appPackage) {
  const dependencies = appPackage.dependencies;
  const singleton = (version) => ({ singleton: true, requiredVersion: version });
  return {
    react: singleton(dependencies.react),
    'react/jsx-runtime': singleton(dependencies.react),
    'react-dom': singleton(dependencies['react-dom']),
    'react-dom/client': singleton(dependencies['react-dom']),
    'react-router': singleton(dependencies['react-router']),
    'react-redux': singleton(dependencies['react-redux']),
    '@reduxjs/toolkit': singleton(dependencies['@reduxjs/toolkit']),
    ...Object.fromEntries(
      COMMON_ENTRIES.map((entry) => [
        `@hsa-lli/common/${entry}`,
        { singleton: true, version: commonPackage.version, requiredVersion: `^${commonPackage.version}` },
      ]),
    ),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {string} options.name the federation name (shell, mf_public, ...)
 * @param {Record<string, string>} [options.exposes] modules a remote exposes
 * @param {number} options.port its dev server's port
 * @param {string} options.title the HTML title of its standalone page
 * @param {string} [options.publicPath] where its files are served; remotes resolve it from their manifest's URL
 */
export function frontAppConfig({ dir, name, exposes, port, title, publicPath = 'auto' }) {
  const appPackage = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const remote = Boolean(exposes);
    // In production a remote is only ever loaded by the shell, through its remote entry, and uses the
    // shell's federation runtime; its standalone page exists on its dev server only.
    const remoteInProduction = remote && production;
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: remoteInProduction ? {} : './src/index.ts',
      // No source maps in production: the files are public and nothing (no error tracker) reads them.
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: join(dir, 'dist'),
        // In development a remote runs on its own dev server, alone or loaded by a shell elsewhere.
        publicPath: !production && publicPath === 'auto' ? `http://localhost:${port}/` : publicPath,
        filename: production ? '[name].[contenthash:20].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:20].js' : '[name].js',
        assetModuleFilename: '[name].[contenthash:20][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        extensionAlias: { '.js': ['.tsx', '.ts', '.js'] },
        // Workspace packages are read from their TypeScript source.
        conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              { loader: 'style-loader', options: { styleTagTransform: STYLE_TAG_TRANSFORM } },
              // No source maps inside production styles: they would be sent with every page.
              { loader: 'css-loader', options: { sourceMap: !production } },
            ],
          },
          { test: /\.(svg|png|jpe?g|webp|woff2)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: sharedLibraries(appPackage),
          // The default ('version-first') fetches every remote at start: one remote down would blank the page.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            // Browser-only builds: the runtime leaves out its Node.js code.
            optimization: { target: 'web' },
            // The shell provides its federation runtime to the remotes, which then do not carry (and start)
            // a copy of their own: 60 KB less script per remote on a page's first load.
            ...(remote ? { externalRuntime: production } : { provideExternalRuntime: true }),
          },
        }),
        // After the minimizer, which keeps no comment but licences': the hint must stay the file's first line.
        ...(production
          ? [new webpack.BannerPlugin({ banner: COMPILE_WITH_THE_FILE, raw: true, test: /\.js$/, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING })]
          : []),
        // The shell's page is the portal's; a remote gets a bare page on its dev server, for its team to run it alone.
        ...(remoteInProduction
          ? []
          : [
              new HtmlWebpackPlugin({
                template: remote ? STANDALONE_PAGE : join(dir, 'src', 'index.html'),
                title,
                favicon: remote ? undefined : join(dir, 'src', 'favicon.svg'),
                // The shell's page loads its scripts itself, after the first paint (see shell/src/index.html).
                inject: remote,
              }),
            ]),
      ],
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      },
      performance: { hints: false },
      // Remotes are published with publicPath 'auto': their manifest resolves chunks from its own URL, as intended.
      ignoreWarnings: [/Manifest will use absolute path resolution/],
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The API (npm start) answers the API calls and, for a shell in development, /remotes.json.
        proxy: [{ context: ['/api', '/remotes.json', '/remotes/'], target: process.env.API_URL ?? 'http://localhost:3000' }],
      },
    };
  };
}
