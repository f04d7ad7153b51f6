/**
 * The explicit registry of secrets rules. A test checks that it lists every
 * file in this folder exactly once. Keep it sorted.
 */
import type { SecretRule } from '../rule.js';
import adonetConnectionStringPassword from './adonet-connection-string-password.js';
import airtablePersonalAccessToken from './airtable-personal-access-token.js';
import algoliaAdminKey from './algolia-admin-key.js';
import amqpConnectionUrl from './amqp-connection-url.js';
import anthropicAdminKey from './anthropic-admin-key.js';
import anthropicApiKey from './anthropic-api-key.js';
import artifactoryApiKey from './artifactory-api-key.js';
import asanaPersonalAccessToken from './asana-personal-access-token.js';
import awsAccessKeyId from './aws-access-key-id.js';
import braintreeAccessToken from './braintree-access-token.js';
import brevoApiKey from './brevo-api-key.js';
import buildkiteApiToken from './buildkite-api-token.js';
import circleciApiToken from './circleci-api-token.js';
import clickupApiToken from './clickup-api-token.js';
import codecovUploadToken from './codecov-upload-token.js';
import cohereApiKey from './cohere-api-key.js';
import composerAuthPassword from './composer-auth-password.js';
import contentfulPersonalAccessToken from './contentful-personal-access-token.js';
import deepseekApiKey from './deepseek-api-key.js';
import discordBotToken from './discord-bot-token.js';
import discordWebhookUrl from './discord-webhook-url.js';
import djangoSecretKey from './django-secret-key.js';
import dockerConfigAuth from './docker-config-auth.js';
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
import genericSecretAssignment from './generic-secret-assignment.js';
import gitCredentialsFile from './git-credentials-file.js';
import githubFineGrainedToken from './github-fine-grained-token.js';
import githubToken from './github-token.js';
import gradlePropertiesCredential from './gradle-properties-credential.js';
import groqApiKey from './groq-api-key.js';
import htpasswdHash from './htpasswd-hash.js';
import httpBasicAuthHeader from './http-basic-auth-header.js';
import httpBearerToken from './http-bearer-token.js';
import hubspotPrivateAppToken from './hubspot-private-app-token.js';
import huggingfaceOrgToken from './huggingface-org-token.js';
import huggingfaceToken from './huggingface-token.js';
import intercomAccessToken from './intercom-access-token.js';
import jenkinsEncryptedSecret from './jenkins-encrypted-secret.js';
import jfrogReferenceToken from './jfrog-reference-token.js';
import jwt from './jwt.js';
import kubeconfigCredentials from './kubeconfig-credentials.js';
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
import netrcPassword from './netrc-password.js';
import ngrokAuthtoken from './ngrok-authtoken.js';
import notionIntegrationToken from './notion-integration-token.js';
import npmAccessToken from './npm-access-token.js';
import npmrcAuthToken from './npmrc-auth-token.js';
import nugetApiKey from './nuget-api-key.js';
import openaiAdminKey from './openai-admin-key.js';
import openaiApiKey from './openai-api-key.js';
import paystackSecretKey from './paystack-secret-key.js';
import perplexityApiKey from './perplexity-api-key.js';
import pineconeApiKey from './pinecone-api-key.js';
import plaidAccessToken from './plaid-access-token.js';
import plaidSecret from './plaid-secret.js';
import postgresConnectionUrl from './postgres-connection-url.js';
import postmarkServerToken from './postmark-server-token.js';
import privateKey from './private-key.js';
import puttyPrivateKey from './putty-private-key.js';
import pypiUploadToken from './pypi-upload-token.js';
import pypircPassword from './pypirc-password.js';
import railsMasterKey from './rails-master-key.js';
import railsSecretKeyBase from './rails-secret-key-base.js';
import razorpayKeySecret from './razorpay-key-secret.js';
import redisConnectionUrl from './redis-connection-url.js';
import replicateApiToken from './replicate-api-token.js';
import rubygemsApiKey from './rubygems-api-key.js';
import segmentPublicApiToken from './segment-public-api-token.js';
import segmentWriteKey from './segment-write-key.js';
import sendgridApiKey from './sendgrid-api-key.js';
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
import symfonyAppSecret from './symfony-app-secret.js';
import tailscaleKey from './tailscale-key.js';
import teamsWebhookUrl from './teams-webhook-url.js';
import teamsWorkflowWebhookUrl from './teams-workflow-webhook-url.js';
import telegramBotToken from './telegram-bot-token.js';
import terraformStateSecret from './terraform-state-secret.js';
import testpypiUploadToken from './testpypi-upload-token.js';
import travisCiToken from './travis-ci-token.js';
import twilioApiKey from './twilio-api-key.js';
import twilioAuthToken from './twilio-auth-token.js';
import twitterBearerToken from './twitter-bearer-token.js';
import typeformPersonalAccessToken from './typeform-personal-access-token.js';
import urlEmbeddedCredentials from './url-embedded-credentials.js';
import vigilApiKey from './vigil-api-key.js';
import wordpressAuthSalts from './wordpress-auth-salts.js';
import wordpressDbPassword from './wordpress-db-password.js';
import yarnrcAuthToken from './yarnrc-auth-token.js';
import zendeskApiToken from './zendesk-api-token.js';

export const SECRET_RULES: readonly SecretRule[] = Object.freeze([
  adonetConnectionStringPassword,
  airtablePersonalAccessToken,
  algoliaAdminKey,
  amqpConnectionUrl,
  anthropicAdminKey,
  anthropicApiKey,
  artifactoryApiKey,
  asanaPersonalAccessToken,
  awsAccessKeyId,
  braintreeAccessToken,
  brevoApiKey,
  buildkiteApiToken,
  circleciApiToken,
  clickupApiToken,
  codecovUploadToken,
  cohereApiKey,
  composerAuthPassword,
  contentfulPersonalAccessToken,
  deepseekApiKey,
  discordBotToken,
  discordWebhookUrl,
  djangoSecretKey,
  dockerConfigAuth,
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
  genericSecretAssignment,
  gitCredentialsFile,
  githubFineGrainedToken,
  githubToken,
  gradlePropertiesCredential,
  groqApiKey,
  htpasswdHash,
  httpBasicAuthHeader,
  httpBearerToken,
  hubspotPrivateAppToken,
  huggingfaceOrgToken,
  huggingfaceToken,
  intercomAccessToken,
  jenkinsEncryptedSecret,
  jfrogReferenceToken,
  jwt,
  kubeconfigCredentials,
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
  netrcPassword,
  ngrokAuthtoken,
  notionIntegrationToken,
  npmAccessToken,
  npmrcAuthToken,
  nugetApiKey,
  openaiAdminKey,
  openaiApiKey,
  paystackSecretKey,
  perplexityApiKey,
  pineconeApiKey,
  plaidAccessToken,
  plaidSecret,
  postgresConnectionUrl,
  postmarkServerToken,
  privateKey,
  puttyPrivateKey,
  pypiUploadToken,
  pypircPassword,
  railsMasterKey,
  railsSecretKeyBase,
  razorpayKeySecret,
  redisConnectionUrl,
  replicateApiToken,
  rubygemsApiKey,
  segmentPublicApiToken,
  segmentWriteKey,
  sendgridApiKey,
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
  symfonyAppSecret,
  tailscaleKey,
  teamsWebhookUrl,
  teamsWorkflowWebhookUrl,
  telegramBotToken,
  terraformStateSecret,
  testpypiUploadToken,
  travisCiToken,
  twilioApiKey,
  twilioAuthToken,
  twitterBearerToken,
  typeformPersonalAccessToken,
  urlEmbeddedCredentials,
  vigilApiKey,
  wordpressAuthSalts,
  wordpressDbPassword,
  yarnrcAuthToken,
  zendeskApiToken,
]);
