/**
 * The explicit registry of secrets rules. A test checks that it lists every
 * file in this folder exactly once. Keep it sorted.
 */
import type { SecretRule } from '../rule.js';
import adonetConnectionStringPassword from './adonet-connection-string-password.js';
import ageSecretKey from './age-secret-key.js';
import airtablePersonalAccessToken from './airtable-personal-access-token.js';
import algoliaAdminKey from './algolia-admin-key.js';
import alibabaAccessKeyId from './alibaba-access-key-id.js';
import alibabaAccessKeySecret from './alibaba-access-key-secret.js';
import amqpConnectionUrl from './amqp-connection-url.js';
import anthropicAdminKey from './anthropic-admin-key.js';
import anthropicApiKey from './anthropic-api-key.js';
import artifactoryApiKey from './artifactory-api-key.js';
import asanaPersonalAccessToken from './asana-personal-access-token.js';
import atlassianApiToken from './atlassian-api-token.js';
import atlassianApiTokenLegacy from './atlassian-api-token-legacy.js';
import awsAccessKeyId from './aws-access-key-id.js';
import awsSecretAccessKey from './aws-secret-access-key.js';
import awsSessionToken from './aws-session-token.js';
import azureDevopsPat from './azure-devops-pat.js';
import azureDevopsPatLegacy from './azure-devops-pat-legacy.js';
import azureEntraClientSecret from './azure-entra-client-secret.js';
import azureSasToken from './azure-sas-token.js';
import azureSharedAccessKey from './azure-shared-access-key.js';
import azureStorageAccountKey from './azure-storage-account-key.js';
import bitbucketAppPassword from './bitbucket-app-password.js';
import braintreeAccessToken from './braintree-access-token.js';
import brevoApiKey from './brevo-api-key.js';
import buildkiteApiToken from './buildkite-api-token.js';
import circleciApiToken from './circleci-api-token.js';
import clickupApiToken from './clickup-api-token.js';
import cloudflareApiToken from './cloudflare-api-token.js';
import cloudflareGlobalApiKey from './cloudflare-global-api-key.js';
import cloudflareOriginCaKey from './cloudflare-origin-ca-key.js';
import codecovUploadToken from './codecov-upload-token.js';
import cohereApiKey from './cohere-api-key.js';
import composerAuthPassword from './composer-auth-password.js';
import contentfulPersonalAccessToken from './contentful-personal-access-token.js';
import curlUserCredentials from './curl-user-credentials.js';
import databricksOauthSecret from './databricks-oauth-secret.js';
import databricksToken from './databricks-token.js';
import datadogApiKey from './datadog-api-key.js';
import datadogApplicationKey from './datadog-application-key.js';
import deepseekApiKey from './deepseek-api-key.js';
import digitaloceanOauthToken from './digitalocean-oauth-token.js';
import digitaloceanPersonalAccessToken from './digitalocean-personal-access-token.js';
import discordBotToken from './discord-bot-token.js';
import discordWebhookUrl from './discord-webhook-url.js';
import djangoSecretKey from './django-secret-key.js';
import dockerConfigAuth from './docker-config-auth.js';
import dockerHubToken from './docker-hub-token.js';
import dopplerToken from './doppler-token.js';
import dropboxLongLivedToken from './dropbox-long-lived-token.js';
import dropboxShortLivedToken from './dropbox-short-lived-token.js';
import easypostApiKey from './easypost-api-key.js';
import facebookAccessToken from './facebook-access-token.js';
import facebookAppSecret from './facebook-app-secret.js';
import fcmServerKey from './fcm-server-key.js';
import figmaToken from './figma-token.js';
import flaskSecretKey from './flask-secret-key.js';
import flutterwaveSecretKey from './flutterwave-secret-key.js';
import flutterwaveTestSecretKey from './flutterwave-test-secret-key.js';
import flyIoOauthToken from './fly-io-oauth-token.js';
import flyIoToken from './fly-io-token.js';
import gcpServiceAccountKey from './gcp-service-account-key.js';
import genericSecretAssignment from './generic-secret-assignment.js';
import gitCredentialsFile from './git-credentials-file.js';
import githubFineGrainedToken from './github-fine-grained-token.js';
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
import googleApiKey from './google-api-key.js';
import googleOauthClientSecret from './google-oauth-client-secret.js';
import gradlePropertiesCredential from './gradle-properties-credential.js';
import grafanaCloudToken from './grafana-cloud-token.js';
import grafanaServiceAccountToken from './grafana-service-account-token.js';
import groqApiKey from './groq-api-key.js';
import herokuApiKey from './heroku-api-key.js';
import herokuPlatformToken from './heroku-platform-token.js';
import htpasswdHash from './htpasswd-hash.js';
import httpBasicAuthHeader from './http-basic-auth-header.js';
import httpBearerToken from './http-bearer-token.js';
import hubspotPrivateAppToken from './hubspot-private-app-token.js';
import huggingfaceOrgToken from './huggingface-org-token.js';
import huggingfaceToken from './huggingface-token.js';
import ibmCloudApiKey from './ibm-cloud-api-key.js';
import intercomAccessToken from './intercom-access-token.js';
import jenkinsEncryptedSecret from './jenkins-encrypted-secret.js';
import jfrogReferenceToken from './jfrog-reference-token.js';
import jwt from './jwt.js';
import kubeconfigCredentials from './kubeconfig-credentials.js';
import kubernetesSecretManifest from './kubernetes-secret-manifest.js';
import laravelAppKey from './laravel-app-key.js';
import launchdarklyAccessToken from './launchdarkly-access-token.js';
import ldapBindPassword from './ldap-bind-password.js';
import linearApiKey from './linear-api-key.js';
import lobApiKey from './lob-api-key.js';
import localServiceUrlPassword from './local-service-url-password.js';
import mailchimpApiKey from './mailchimp-api-key.js';
import mailgunApiKey from './mailgun-api-key.js';
import mapboxSecretToken from './mapbox-secret-token.js';
import mavenSettingsPassword from './maven-settings-password.js';
import mistralApiKey from './mistral-api-key.js';
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
import oktaApiToken from './okta-api-token.js';
import onepasswordServiceAccountToken from './onepassword-service-account-token.js';
import openaiAdminKey from './openai-admin-key.js';
import openaiApiKey from './openai-api-key.js';
import paystackSecretKey from './paystack-secret-key.js';
import perplexityApiKey from './perplexity-api-key.js';
import pineconeApiKey from './pinecone-api-key.js';
import plaidAccessToken from './plaid-access-token.js';
import plaidSecret from './plaid-secret.js';
import planetscalePassword from './planetscale-password.js';
import planetscaleToken from './planetscale-token.js';
import postgresConnectionUrl from './postgres-connection-url.js';
import postmanApiKey from './postman-api-key.js';
import postmarkServerToken from './postmark-server-token.js';
import privateKey from './private-key.js';
import pulumiAccessToken from './pulumi-access-token.js';
import puttyPrivateKey from './putty-private-key.js';
import pypiUploadToken from './pypi-upload-token.js';
import pypircPassword from './pypirc-password.js';
import railsMasterKey from './rails-master-key.js';
import railsSecretKeyBase from './rails-secret-key-base.js';
import razorpayKeySecret from './razorpay-key-secret.js';
import redisConnectionUrl from './redis-connection-url.js';
import renderApiKey from './render-api-key.js';
import replicateApiToken from './replicate-api-token.js';
import rubygemsApiKey from './rubygems-api-key.js';
import scalewaySecretKey from './scaleway-secret-key.js';
import segmentPublicApiToken from './segment-public-api-token.js';
import segmentWriteKey from './segment-write-key.js';
import sendgridApiKey from './sendgrid-api-key.js';
import sentryOrgAuthToken from './sentry-org-auth-token.js';
import sentryUserAuthToken from './sentry-user-auth-token.js';
import shippoApiToken from './shippo-api-token.js';
import shopifyAccessToken from './shopify-access-token.js';
import shopifySharedSecret from './shopify-shared-secret.js';
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
import springConfigPassword from './spring-config-password.js';
import squareAccessToken from './square-access-token.js';
import squareOauthSecret from './square-oauth-secret.js';
import sshPrivateKeyFile from './ssh-private-key-file.js';
import stripeRestrictedKey from './stripe-restricted-key.js';
import stripeSecretKey from './stripe-secret-key.js';
import stripeTestSecretKey from './stripe-test-secret-key.js';
import stripeWebhookSecret from './stripe-webhook-secret.js';
import supabaseAccessToken from './supabase-access-token.js';
import supabaseSecretKey from './supabase-secret-key.js';
import symfonyAppSecret from './symfony-app-secret.js';
import tailscaleKey from './tailscale-key.js';
import teamsWebhookUrl from './teams-webhook-url.js';
import teamsWorkflowWebhookUrl from './teams-workflow-webhook-url.js';
import telegramBotToken from './telegram-bot-token.js';
import tencentCloudSecretId from './tencent-cloud-secret-id.js';
import tencentCloudSecretKey from './tencent-cloud-secret-key.js';
import terraformCloudToken from './terraform-cloud-token.js';
import terraformStateSecret from './terraform-state-secret.js';
import testpypiUploadToken from './testpypi-upload-token.js';
import travisCiToken from './travis-ci-token.js';
import twilioApiKey from './twilio-api-key.js';
import twilioAuthToken from './twilio-auth-token.js';
import twitterBearerToken from './twitter-bearer-token.js';
import typeformPersonalAccessToken from './typeform-personal-access-token.js';
import urlEmbeddedCredentials from './url-embedded-credentials.js';
import vaultLegacyToken from './vault-legacy-token.js';
import vaultToken from './vault-token.js';
import vercelToken from './vercel-token.js';
import vigilApiKey from './vigil-api-key.js';
import wordpressAuthSalts from './wordpress-auth-salts.js';
import wordpressDbPassword from './wordpress-db-password.js';
import yarnrcAuthToken from './yarnrc-auth-token.js';
import zendeskApiToken from './zendesk-api-token.js';

export const SECRET_RULES: readonly SecretRule[] = Object.freeze([
  adonetConnectionStringPassword,
  ageSecretKey,
  airtablePersonalAccessToken,
  algoliaAdminKey,
  alibabaAccessKeyId,
  alibabaAccessKeySecret,
  amqpConnectionUrl,
  anthropicAdminKey,
  anthropicApiKey,
  artifactoryApiKey,
  asanaPersonalAccessToken,
  atlassianApiToken,
  atlassianApiTokenLegacy,
  awsAccessKeyId,
  awsSecretAccessKey,
  awsSessionToken,
  azureDevopsPat,
  azureDevopsPatLegacy,
  azureEntraClientSecret,
  azureSasToken,
  azureSharedAccessKey,
  azureStorageAccountKey,
  bitbucketAppPassword,
  braintreeAccessToken,
  brevoApiKey,
  buildkiteApiToken,
  circleciApiToken,
  clickupApiToken,
  cloudflareApiToken,
  cloudflareGlobalApiKey,
  cloudflareOriginCaKey,
  codecovUploadToken,
  cohereApiKey,
  composerAuthPassword,
  contentfulPersonalAccessToken,
  curlUserCredentials,
  databricksOauthSecret,
  databricksToken,
  datadogApiKey,
  datadogApplicationKey,
  deepseekApiKey,
  digitaloceanOauthToken,
  digitaloceanPersonalAccessToken,
  discordBotToken,
  discordWebhookUrl,
  djangoSecretKey,
  dockerConfigAuth,
  dockerHubToken,
  dopplerToken,
  dropboxLongLivedToken,
  dropboxShortLivedToken,
  easypostApiKey,
  facebookAccessToken,
  facebookAppSecret,
  fcmServerKey,
  figmaToken,
  flaskSecretKey,
  flutterwaveSecretKey,
  flutterwaveTestSecretKey,
  flyIoOauthToken,
  flyIoToken,
  gcpServiceAccountKey,
  genericSecretAssignment,
  gitCredentialsFile,
  githubFineGrainedToken,
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
  googleApiKey,
  googleOauthClientSecret,
  gradlePropertiesCredential,
  grafanaCloudToken,
  grafanaServiceAccountToken,
  groqApiKey,
  herokuApiKey,
  herokuPlatformToken,
  htpasswdHash,
  httpBasicAuthHeader,
  httpBearerToken,
  hubspotPrivateAppToken,
  huggingfaceOrgToken,
  huggingfaceToken,
  ibmCloudApiKey,
  intercomAccessToken,
  jenkinsEncryptedSecret,
  jfrogReferenceToken,
  jwt,
  kubeconfigCredentials,
  kubernetesSecretManifest,
  laravelAppKey,
  launchdarklyAccessToken,
  ldapBindPassword,
  linearApiKey,
  lobApiKey,
  localServiceUrlPassword,
  mailchimpApiKey,
  mailgunApiKey,
  mapboxSecretToken,
  mavenSettingsPassword,
  mistralApiKey,
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
  oktaApiToken,
  onepasswordServiceAccountToken,
  openaiAdminKey,
  openaiApiKey,
  paystackSecretKey,
  perplexityApiKey,
  pineconeApiKey,
  plaidAccessToken,
  plaidSecret,
  planetscalePassword,
  planetscaleToken,
  postgresConnectionUrl,
  postmanApiKey,
  postmarkServerToken,
  privateKey,
  pulumiAccessToken,
  puttyPrivateKey,
  pypiUploadToken,
  pypircPassword,
  railsMasterKey,
  railsSecretKeyBase,
  razorpayKeySecret,
  redisConnectionUrl,
  renderApiKey,
  replicateApiToken,
  rubygemsApiKey,
  scalewaySecretKey,
  segmentPublicApiToken,
  segmentWriteKey,
  sendgridApiKey,
  sentryOrgAuthToken,
  sentryUserAuthToken,
  shippoApiToken,
  shopifyAccessToken,
  shopifySharedSecret,
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
  springConfigPassword,
  squareAccessToken,
  squareOauthSecret,
  sshPrivateKeyFile,
  stripeRestrictedKey,
  stripeSecretKey,
  stripeTestSecretKey,
  stripeWebhookSecret,
  supabaseAccessToken,
  supabaseSecretKey,
  symfonyAppSecret,
  tailscaleKey,
  teamsWebhookUrl,
  teamsWorkflowWebhookUrl,
  telegramBotToken,
  tencentCloudSecretId,
  tencentCloudSecretKey,
  terraformCloudToken,
  terraformStateSecret,
  testpypiUploadToken,
  travisCiToken,
  twilioApiKey,
  twilioAuthToken,
  twitterBearerToken,
  typeformPersonalAccessToken,
  urlEmbeddedCredentials,
  vaultLegacyToken,
  vaultToken,
  vercelToken,
  vigilApiKey,
  wordpressAuthSalts,
  wordpressDbPassword,
  yarnrcAuthToken,
  zendeskApiToken,
]);
