/**
 * The explicit registry of secrets rules. A test checks that it lists every
 * file in this folder exactly once. Keep it sorted.
 */
import type { SecretRule } from '../rule.js';
import adafruitIoKey from './adafruit-io-key.js';
import adobeClientSecret from './adobe-client-secret.js';
import adonetConnectionStringPassword from './adonet-connection-string-password.js';
import ageSecretKey from './age-secret-key.js';
import airtableApiKeyLegacy from './airtable-api-key-legacy.js';
import airtablePersonalAccessToken from './airtable-personal-access-token.js';
import algoliaAdminKey from './algolia-admin-key.js';
import alibabaAccessKeyId from './alibaba-access-key-id.js';
import alibabaAccessKeySecret from './alibaba-access-key-secret.js';
import amplitudeApiSecret from './amplitude-api-secret.js';
import amqpConnectionUrl from './amqp-connection-url.js';
import anthropicAdminKey from './anthropic-admin-key.js';
import anthropicApiKey from './anthropic-api-key.js';
import artifactoryApiKey from './artifactory-api-key.js';
import asanaClientSecret from './asana-client-secret.js';
import asanaPersonalAccessToken from './asana-personal-access-token.js';
import assemblyaiApiKey from './assemblyai-api-key.js';
import atlassianApiToken from './atlassian-api-token.js';
import atlassianApiTokenLegacy from './atlassian-api-token-legacy.js';
import auth0ClientSecret from './auth0-client-secret.js';
import authressAccessKey from './authress-access-key.js';
import awsAccessKeyId from './aws-access-key-id.js';
import awsBedrockApiKey from './aws-bedrock-api-key.js';
import awsSecretAccessKey from './aws-secret-access-key.js';
import awsSessionToken from './aws-session-token.js';
import azureDevopsPat from './azure-devops-pat.js';
import azureDevopsPatLegacy from './azure-devops-pat-legacy.js';
import azureEntraClientSecret from './azure-entra-client-secret.js';
import azureSasToken from './azure-sas-token.js';
import azureSharedAccessKey from './azure-shared-access-key.js';
import azureStorageAccountKey from './azure-storage-account-key.js';
import beamerApiKey from './beamer-api-key.js';
import binanceApiKey from './binance-api-key.js';
import bitbucketAppPassword from './bitbucket-app-password.js';
import bitbucketClientSecret from './bitbucket-client-secret.js';
import bittrexApiKey from './bittrex-api-key.js';
import braintreeAccessToken from './braintree-access-token.js';
import brevoApiKey from './brevo-api-key.js';
import bugsnagApiKey from './bugsnag-api-key.js';
import buildkiteApiToken from './buildkite-api-token.js';
import circleciApiToken from './circleci-api-token.js';
import ciscoMerakiApiKey from './cisco-meraki-api-key.js';
import clickhouseCloudApiSecret from './clickhouse-cloud-api-secret.js';
import clickupApiToken from './clickup-api-token.js';
import clojarsDeployToken from './clojars-deploy-token.js';
import cloudflareApiToken from './cloudflare-api-token.js';
import cloudflareGlobalApiKey from './cloudflare-global-api-key.js';
import cloudflareOriginCaKey from './cloudflare-origin-ca-key.js';
import cloudinaryUrl from './cloudinary-url.js';
import codecovUploadToken from './codecov-upload-token.js';
import cohereApiKey from './cohere-api-key.js';
import coinbaseApiKey from './coinbase-api-key.js';
import composerAuthPassword from './composer-auth-password.js';
import confluentApiSecret from './confluent-api-secret.js';
import contentfulDeliveryToken from './contentful-delivery-token.js';
import contentfulPersonalAccessToken from './contentful-personal-access-token.js';
import curlUserCredentials from './curl-user-credentials.js';
import databricksOauthSecret from './databricks-oauth-secret.js';
import databricksToken from './databricks-token.js';
import datadogApiKey from './datadog-api-key.js';
import datadogApplicationKey from './datadog-application-key.js';
import deepgramApiKey from './deepgram-api-key.js';
import deepseekApiKey from './deepseek-api-key.js';
import definedNetworkingApiToken from './defined-networking-api-token.js';
import digitaloceanOauthToken from './digitalocean-oauth-token.js';
import digitaloceanPersonalAccessToken from './digitalocean-personal-access-token.js';
import discordBotToken from './discord-bot-token.js';
import discordClientSecret from './discord-client-secret.js';
import discordWebhookUrl from './discord-webhook-url.js';
import djangoSecretKey from './django-secret-key.js';
import dockerConfigAuth from './docker-config-auth.js';
import dockerHubToken from './docker-hub-token.js';
import dopplerToken from './doppler-token.js';
import droneciAccessToken from './droneci-access-token.js';
import dropboxLongLivedToken from './dropbox-long-lived-token.js';
import dropboxShortLivedToken from './dropbox-short-lived-token.js';
import duffelApiToken from './duffel-api-token.js';
import dynatraceApiToken from './dynatrace-api-token.js';
import easypostApiKey from './easypost-api-key.js';
import elevenlabsApiKey from './elevenlabs-api-key.js';
import etherscanApiKey from './etherscan-api-key.js';
import etsyApiKey from './etsy-api-key.js';
import facebookAccessToken from './facebook-access-token.js';
import facebookAppSecret from './facebook-app-secret.js';
import fastlyApiToken from './fastly-api-token.js';
import fcmServerKey from './fcm-server-key.js';
import figmaToken from './figma-token.js';
import finicityCredentials from './finicity-credentials.js';
import finnhubApiKey from './finnhub-api-key.js';
import flaskSecretKey from './flask-secret-key.js';
import flickrApiKey from './flickr-api-key.js';
import flutterwaveSecretKey from './flutterwave-secret-key.js';
import flutterwaveTestSecretKey from './flutterwave-test-secret-key.js';
import flyIoOauthToken from './fly-io-oauth-token.js';
import flyIoToken from './fly-io-token.js';
import frameioApiToken from './frameio-api-token.js';
import freemiusSecretKey from './freemius-secret-key.js';
import freshbooksAccessToken from './freshbooks-access-token.js';
import freshdeskApiKey from './freshdesk-api-key.js';
import gcpServiceAccountKey from './gcp-service-account-key.js';
import genericSecretAssignment from './generic-secret-assignment.js';
import gitCredentialsFile from './git-credentials-file.js';
import githubFineGrainedToken from './github-fine-grained-token.js';
import githubOauthClientSecret from './github-oauth-client-secret.js';
import githubToken from './github-token.js';
import gitlabAgentToken from './gitlab-agent-token.js';
import gitlabCiJobToken from './gitlab-ci-job-token.js';
import gitlabDeployToken from './gitlab-deploy-token.js';
import gitlabFeatureFlagClientToken from './gitlab-feature-flag-client-token.js';
import gitlabFeedToken from './gitlab-feed-token.js';
import gitlabIncomingMailToken from './gitlab-incoming-mail-token.js';
import gitlabOauthAppSecret from './gitlab-oauth-app-secret.js';
import gitlabPersonalAccessToken from './gitlab-personal-access-token.js';
import gitlabPipelineTriggerToken from './gitlab-pipeline-trigger-token.js';
import gitlabRunnerAuthenticationToken from './gitlab-runner-authentication-token.js';
import gitlabRunnerRegistrationToken from './gitlab-runner-registration-token.js';
import gitlabScimToken from './gitlab-scim-token.js';
import gitlabSessionCookie from './gitlab-session-cookie.js';
import gitterAccessToken from './gitter-access-token.js';
import gocardlessAccessToken from './gocardless-access-token.js';
import googleApiKey from './google-api-key.js';
import googleOauthClientSecret from './google-oauth-client-secret.js';
import gradlePropertiesCredential from './gradle-properties-credential.js';
import grafanaApiKey from './grafana-api-key.js';
import grafanaCloudToken from './grafana-cloud-token.js';
import grafanaServiceAccountToken from './grafana-service-account-token.js';
import groqApiKey from './groq-api-key.js';
import harnessApiKey from './harness-api-key.js';
import herokuApiKey from './heroku-api-key.js';
import herokuPlatformToken from './heroku-platform-token.js';
import hetznerCloudToken from './hetzner-cloud-token.js';
import honeycombApiKey from './honeycomb-api-key.js';
import htpasswdHash from './htpasswd-hash.js';
import httpBasicAuthHeader from './http-basic-auth-header.js';
import httpBearerToken from './http-bearer-token.js';
import hubspotApiKeyLegacy from './hubspot-api-key-legacy.js';
import hubspotPrivateAppToken from './hubspot-private-app-token.js';
import huggingfaceOrgToken from './huggingface-org-token.js';
import huggingfaceToken from './huggingface-token.js';
import ibmCloudApiKey from './ibm-cloud-api-key.js';
import infracostApiKey from './infracost-api-key.js';
import infuraApiKey from './infura-api-key.js';
import intercomAccessToken from './intercom-access-token.js';
import intra42ClientSecret from './intra42-client-secret.js';
import jenkinsEncryptedSecret from './jenkins-encrypted-secret.js';
import jfrogIdentityToken from './jfrog-identity-token.js';
import jfrogReferenceToken from './jfrog-reference-token.js';
import jwt from './jwt.js';
import krakenApiSecret from './kraken-api-secret.js';
import kubeconfigCredentials from './kubeconfig-credentials.js';
import kubernetesSecretManifest from './kubernetes-secret-manifest.js';
import kucoinApiKey from './kucoin-api-key.js';
import langsmithApiKey from './langsmith-api-key.js';
import laravelAppKey from './laravel-app-key.js';
import launchdarklyAccessToken from './launchdarkly-access-token.js';
import ldapBindPassword from './ldap-bind-password.js';
import linearApiKey from './linear-api-key.js';
import linearClientSecret from './linear-client-secret.js';
import linkedinClientSecret from './linkedin-client-secret.js';
import linodeApiToken from './linode-api-token.js';
import lobApiKey from './lob-api-key.js';
import localServiceUrlPassword from './local-service-url-password.js';
import lookerClientSecret from './looker-client-secret.js';
import mailchimpApiKey from './mailchimp-api-key.js';
import mailgunApiKey from './mailgun-api-key.js';
import mailjetApiKey from './mailjet-api-key.js';
import mandrillApiKey from './mandrill-api-key.js';
import mapboxSecretToken from './mapbox-secret-token.js';
import mattermostAccessToken from './mattermost-access-token.js';
import mavenSettingsPassword from './maven-settings-password.js';
import maxmindLicenseKey from './maxmind-license-key.js';
import messagebirdApiKey from './messagebird-api-key.js';
import mistralApiKey from './mistral-api-key.js';
import mixpanelApiSecret from './mixpanel-api-secret.js';
import mongodbConnectionUrl from './mongodb-connection-url.js';
import mssqlConnectionUrl from './mssql-connection-url.js';
import mysqlConnectionUrl from './mysql-connection-url.js';
import netlifyAccessToken from './netlify-access-token.js';
import netrcPassword from './netrc-password.js';
import newRelicBrowserKey from './new-relic-browser-key.js';
import newRelicInsertKey from './new-relic-insert-key.js';
import newRelicLicenseKey from './new-relic-license-key.js';
import newRelicUserApiKey from './new-relic-user-api-key.js';
import ngrokAuthtoken from './ngrok-authtoken.js';
import notionIntegrationToken from './notion-integration-token.js';
import npmAccessToken from './npm-access-token.js';
import npmrcAuthToken from './npmrc-auth-token.js';
import nugetApiKey from './nuget-api-key.js';
import nvidiaApiKey from './nvidia-api-key.js';
import nytimesApiKey from './nytimes-api-key.js';
import octopusDeployApiKey from './octopus-deploy-api-key.js';
import oktaApiToken from './okta-api-token.js';
import onepasswordSecretKey from './onepassword-secret-key.js';
import onepasswordServiceAccountToken from './onepassword-service-account-token.js';
import openaiAdminKey from './openai-admin-key.js';
import openaiApiKey from './openai-api-key.js';
import openrouterApiKey from './openrouter-api-key.js';
import openshiftUserToken from './openshift-user-token.js';
import opsgenieApiKey from './opsgenie-api-key.js';
import pagerdutyApiKey from './pagerduty-api-key.js';
import paypalClientSecret from './paypal-client-secret.js';
import paystackSecretKey from './paystack-secret-key.js';
import perplexityApiKey from './perplexity-api-key.js';
import pineconeApiKey from './pinecone-api-key.js';
import plaidAccessToken from './plaid-access-token.js';
import plaidSecret from './plaid-secret.js';
import planetscalePassword from './planetscale-password.js';
import planetscaleToken from './planetscale-token.js';
import plivoAuthToken from './plivo-auth-token.js';
import postgresConnectionUrl from './postgres-connection-url.js';
import posthogPersonalApiKey from './posthog-personal-api-key.js';
import postmanApiKey from './postman-api-key.js';
import postmarkServerToken from './postmark-server-token.js';
import prefectApiKey from './prefect-api-key.js';
import privateKey from './private-key.js';
import privateaiApiKey from './privateai-api-key.js';
import pulumiAccessToken from './pulumi-access-token.js';
import pusherAppSecret from './pusher-app-secret.js';
import puttyPrivateKey from './putty-private-key.js';
import pypiUploadToken from './pypi-upload-token.js';
import pypircPassword from './pypirc-password.js';
import railsMasterKey from './rails-master-key.js';
import railsSecretKeyBase from './rails-secret-key-base.js';
import railwayApiToken from './railway-api-token.js';
import rapidapiKey from './rapidapi-key.js';
import razorpayKeySecret from './razorpay-key-secret.js';
import readmeApiKey from './readme-api-key.js';
import redisConnectionUrl from './redis-connection-url.js';
import renderApiKey from './render-api-key.js';
import replicateApiToken from './replicate-api-token.js';
import rollbarAccessToken from './rollbar-access-token.js';
import rubygemsApiKey from './rubygems-api-key.js';
import salesforceAccessToken from './salesforce-access-token.js';
import scalewaySecretKey from './scaleway-secret-key.js';
import scalingoApiToken from './scalingo-api-token.js';
import segmentPublicApiToken from './segment-public-api-token.js';
import segmentWriteKey from './segment-write-key.js';
import sendbirdApiToken from './sendbird-api-token.js';
import sendgridApiKey from './sendgrid-api-key.js';
import sentryOrgAuthToken from './sentry-org-auth-token.js';
import sentryUserAuthToken from './sentry-user-auth-token.js';
import settlemintAccessToken from './settlemint-access-token.js';
import shippoApiToken from './shippo-api-token.js';
import shopifyAccessToken from './shopify-access-token.js';
import shopifySharedSecret from './shopify-shared-secret.js';
import sidekiqEnterpriseCredentials from './sidekiq-enterprise-credentials.js';
import sidekiqGemSourceUrl from './sidekiq-gem-source-url.js';
import slackAppToken from './slack-app-token.js';
import slackBotToken from './slack-bot-token.js';
import slackConfigToken from './slack-config-token.js';
import slackLegacyToken from './slack-legacy-token.js';
import slackUserToken from './slack-user-token.js';
import slackWebhookUrl from './slack-webhook-url.js';
import slackWorkflowWebhookUrl from './slack-workflow-webhook-url.js';
import smtpUrlPassword from './smtp-url-password.js';
import snykApiToken from './snyk-api-token.js';
import sonarqubeLegacyToken from './sonarqube-legacy-token.js';
import sonarqubeToken from './sonarqube-token.js';
import sourcegraphAccessToken from './sourcegraph-access-token.js';
import sparkpostApiKey from './sparkpost-api-key.js';
import splunkHecToken from './splunk-hec-token.js';
import springConfigPassword from './spring-config-password.js';
import squareAccessToken from './square-access-token.js';
import squareOauthSecret from './square-oauth-secret.js';
import squarespaceApiKey from './squarespace-api-key.js';
import sshPrivateKeyFile from './ssh-private-key-file.js';
import stripeRestrictedKey from './stripe-restricted-key.js';
import stripeSecretKey from './stripe-secret-key.js';
import stripeTestSecretKey from './stripe-test-secret-key.js';
import stripeWebhookSecret from './stripe-webhook-secret.js';
import sumoLogicAccessKey from './sumo-logic-access-key.js';
import supabaseAccessToken from './supabase-access-token.js';
import supabaseSecretKey from './supabase-secret-key.js';
import symfonyAppSecret from './symfony-app-secret.js';
import tailscaleKey from './tailscale-key.js';
import tavilyApiKey from './tavily-api-key.js';
import teamsWebhookUrl from './teams-webhook-url.js';
import teamsWorkflowWebhookUrl from './teams-workflow-webhook-url.js';
import telegramBotToken from './telegram-bot-token.js';
import tencentCloudSecretId from './tencent-cloud-secret-id.js';
import tencentCloudSecretKey from './tencent-cloud-secret-key.js';
import terraformCloudToken from './terraform-cloud-token.js';
import terraformStateSecret from './terraform-state-secret.js';
import testpypiUploadToken from './testpypi-upload-token.js';
import travisCiToken from './travis-ci-token.js';
import trelloApiToken from './trello-api-token.js';
import twilioApiKey from './twilio-api-key.js';
import twilioAuthToken from './twilio-auth-token.js';
import twitchApiToken from './twitch-api-token.js';
import twitterApiSecret from './twitter-api-secret.js';
import twitterBearerToken from './twitter-bearer-token.js';
import typeformPersonalAccessToken from './typeform-personal-access-token.js';
import urlEmbeddedCredentials from './url-embedded-credentials.js';
import vaultLegacyToken from './vault-legacy-token.js';
import vaultToken from './vault-token.js';
import vercelToken from './vercel-token.js';
import vigilApiKey from './vigil-api-key.js';
import vonageApiSecret from './vonage-api-secret.js';
import vultrApiKey from './vultr-api-key.js';
import wandbApiKey from './wandb-api-key.js';
import wordpressAuthSalts from './wordpress-auth-salts.js';
import wordpressDbPassword from './wordpress-db-password.js';
import xaiApiKey from './xai-api-key.js';
import yandexCloudApiKey from './yandex-cloud-api-key.js';
import yandexIamToken from './yandex-iam-token.js';
import yandexStaticAccessKey from './yandex-static-access-key.js';
import yarnrcAuthToken from './yarnrc-auth-token.js';
import zapierWebhookUrl from './zapier-webhook-url.js';
import zendeskApiToken from './zendesk-api-token.js';

export const SECRET_RULES: readonly SecretRule[] = Object.freeze([
  adafruitIoKey,
  adobeClientSecret,
  adonetConnectionStringPassword,
  ageSecretKey,
  airtableApiKeyLegacy,
  airtablePersonalAccessToken,
  algoliaAdminKey,
  alibabaAccessKeyId,
  alibabaAccessKeySecret,
  amplitudeApiSecret,
  amqpConnectionUrl,
  anthropicAdminKey,
  anthropicApiKey,
  artifactoryApiKey,
  asanaClientSecret,
  asanaPersonalAccessToken,
  assemblyaiApiKey,
  atlassianApiToken,
  atlassianApiTokenLegacy,
  auth0ClientSecret,
  authressAccessKey,
  awsAccessKeyId,
  awsBedrockApiKey,
  awsSecretAccessKey,
  awsSessionToken,
  azureDevopsPat,
  azureDevopsPatLegacy,
  azureEntraClientSecret,
  azureSasToken,
  azureSharedAccessKey,
  azureStorageAccountKey,
  beamerApiKey,
  binanceApiKey,
  bitbucketAppPassword,
  bitbucketClientSecret,
  bittrexApiKey,
  braintreeAccessToken,
  brevoApiKey,
  bugsnagApiKey,
  buildkiteApiToken,
  circleciApiToken,
  ciscoMerakiApiKey,
  clickhouseCloudApiSecret,
  clickupApiToken,
  clojarsDeployToken,
  cloudflareApiToken,
  cloudflareGlobalApiKey,
  cloudflareOriginCaKey,
  cloudinaryUrl,
  codecovUploadToken,
  cohereApiKey,
  coinbaseApiKey,
  composerAuthPassword,
  confluentApiSecret,
  contentfulDeliveryToken,
  contentfulPersonalAccessToken,
  curlUserCredentials,
  databricksOauthSecret,
  databricksToken,
  datadogApiKey,
  datadogApplicationKey,
  deepgramApiKey,
  deepseekApiKey,
  definedNetworkingApiToken,
  digitaloceanOauthToken,
  digitaloceanPersonalAccessToken,
  discordBotToken,
  discordClientSecret,
  discordWebhookUrl,
  djangoSecretKey,
  dockerConfigAuth,
  dockerHubToken,
  dopplerToken,
  droneciAccessToken,
  dropboxLongLivedToken,
  dropboxShortLivedToken,
  duffelApiToken,
  dynatraceApiToken,
  easypostApiKey,
  elevenlabsApiKey,
  etherscanApiKey,
  etsyApiKey,
  facebookAccessToken,
  facebookAppSecret,
  fastlyApiToken,
  fcmServerKey,
  figmaToken,
  finicityCredentials,
  finnhubApiKey,
  flaskSecretKey,
  flickrApiKey,
  flutterwaveSecretKey,
  flutterwaveTestSecretKey,
  flyIoOauthToken,
  flyIoToken,
  frameioApiToken,
  freemiusSecretKey,
  freshbooksAccessToken,
  freshdeskApiKey,
  gcpServiceAccountKey,
  genericSecretAssignment,
  gitCredentialsFile,
  githubFineGrainedToken,
  githubOauthClientSecret,
  githubToken,
  gitlabAgentToken,
  gitlabCiJobToken,
  gitlabDeployToken,
  gitlabFeatureFlagClientToken,
  gitlabFeedToken,
  gitlabIncomingMailToken,
  gitlabOauthAppSecret,
  gitlabPersonalAccessToken,
  gitlabPipelineTriggerToken,
  gitlabRunnerAuthenticationToken,
  gitlabRunnerRegistrationToken,
  gitlabScimToken,
  gitlabSessionCookie,
  gitterAccessToken,
  gocardlessAccessToken,
  googleApiKey,
  googleOauthClientSecret,
  gradlePropertiesCredential,
  grafanaApiKey,
  grafanaCloudToken,
  grafanaServiceAccountToken,
  groqApiKey,
  harnessApiKey,
  herokuApiKey,
  herokuPlatformToken,
  hetznerCloudToken,
  honeycombApiKey,
  htpasswdHash,
  httpBasicAuthHeader,
  httpBearerToken,
  hubspotApiKeyLegacy,
  hubspotPrivateAppToken,
  huggingfaceOrgToken,
  huggingfaceToken,
  ibmCloudApiKey,
  infracostApiKey,
  infuraApiKey,
  intercomAccessToken,
  intra42ClientSecret,
  jenkinsEncryptedSecret,
  jfrogIdentityToken,
  jfrogReferenceToken,
  jwt,
  krakenApiSecret,
  kubeconfigCredentials,
  kubernetesSecretManifest,
  kucoinApiKey,
  langsmithApiKey,
  laravelAppKey,
  launchdarklyAccessToken,
  ldapBindPassword,
  linearApiKey,
  linearClientSecret,
  linkedinClientSecret,
  linodeApiToken,
  lobApiKey,
  localServiceUrlPassword,
  lookerClientSecret,
  mailchimpApiKey,
  mailgunApiKey,
  mailjetApiKey,
  mandrillApiKey,
  mapboxSecretToken,
  mattermostAccessToken,
  mavenSettingsPassword,
  maxmindLicenseKey,
  messagebirdApiKey,
  mistralApiKey,
  mixpanelApiSecret,
  mongodbConnectionUrl,
  mssqlConnectionUrl,
  mysqlConnectionUrl,
  netlifyAccessToken,
  netrcPassword,
  newRelicBrowserKey,
  newRelicInsertKey,
  newRelicLicenseKey,
  newRelicUserApiKey,
  ngrokAuthtoken,
  notionIntegrationToken,
  npmAccessToken,
  npmrcAuthToken,
  nugetApiKey,
  nvidiaApiKey,
  nytimesApiKey,
  octopusDeployApiKey,
  oktaApiToken,
  onepasswordSecretKey,
  onepasswordServiceAccountToken,
  openaiAdminKey,
  openaiApiKey,
  openrouterApiKey,
  openshiftUserToken,
  opsgenieApiKey,
  pagerdutyApiKey,
  paypalClientSecret,
  paystackSecretKey,
  perplexityApiKey,
  pineconeApiKey,
  plaidAccessToken,
  plaidSecret,
  planetscalePassword,
  planetscaleToken,
  plivoAuthToken,
  postgresConnectionUrl,
  posthogPersonalApiKey,
  postmanApiKey,
  postmarkServerToken,
  prefectApiKey,
  privateKey,
  privateaiApiKey,
  pulumiAccessToken,
  pusherAppSecret,
  puttyPrivateKey,
  pypiUploadToken,
  pypircPassword,
  railsMasterKey,
  railsSecretKeyBase,
  railwayApiToken,
  rapidapiKey,
  razorpayKeySecret,
  readmeApiKey,
  redisConnectionUrl,
  renderApiKey,
  replicateApiToken,
  rollbarAccessToken,
  rubygemsApiKey,
  salesforceAccessToken,
  scalewaySecretKey,
  scalingoApiToken,
  segmentPublicApiToken,
  segmentWriteKey,
  sendbirdApiToken,
  sendgridApiKey,
  sentryOrgAuthToken,
  sentryUserAuthToken,
  settlemintAccessToken,
  shippoApiToken,
  shopifyAccessToken,
  shopifySharedSecret,
  sidekiqEnterpriseCredentials,
  sidekiqGemSourceUrl,
  slackAppToken,
  slackBotToken,
  slackConfigToken,
  slackLegacyToken,
  slackUserToken,
  slackWebhookUrl,
  slackWorkflowWebhookUrl,
  smtpUrlPassword,
  snykApiToken,
  sonarqubeLegacyToken,
  sonarqubeToken,
  sourcegraphAccessToken,
  sparkpostApiKey,
  splunkHecToken,
  springConfigPassword,
  squareAccessToken,
  squareOauthSecret,
  squarespaceApiKey,
  sshPrivateKeyFile,
  stripeRestrictedKey,
  stripeSecretKey,
  stripeTestSecretKey,
  stripeWebhookSecret,
  sumoLogicAccessKey,
  supabaseAccessToken,
  supabaseSecretKey,
  symfonyAppSecret,
  tailscaleKey,
  tavilyApiKey,
  teamsWebhookUrl,
  teamsWorkflowWebhookUrl,
  telegramBotToken,
  tencentCloudSecretId,
  tencentCloudSecretKey,
  terraformCloudToken,
  terraformStateSecret,
  testpypiUploadToken,
  travisCiToken,
  trelloApiToken,
  twilioApiKey,
  twilioAuthToken,
  twitchApiToken,
  twitterApiSecret,
  twitterBearerToken,
  typeformPersonalAccessToken,
  urlEmbeddedCredentials,
  vaultLegacyToken,
  vaultToken,
  vercelToken,
  vigilApiKey,
  vonageApiSecret,
  vultrApiKey,
  wandbApiKey,
  wordpressAuthSalts,
  wordpressDbPassword,
  xaiApiKey,
  yandexCloudApiKey,
  yandexIamToken,
  yandexStaticAccessKey,
  yarnrcAuthToken,
  zapierWebhookUrl,
  zendeskApiToken,
]);
