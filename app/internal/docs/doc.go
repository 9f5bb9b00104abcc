// Package docs holds the checks of the repository's READMEs (its test):
// every repository path a README names exists.
package docs
