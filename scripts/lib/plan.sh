# A suite's plan, as Test::Nginx and Test::More keep one: the suite says first how
# many checks it makes, counts each as it passes, and fails at its end when the
# count differs, so a check skipped by a loop over nothing or an early branch is seen.
#   source scripts/lib/plan.sh; plan NAME COUNT; ... passed "what held"; ...; plan_end
plan() { PLAN_NAME=$1 PLAN_COUNT=$2 PLAN_PASSED=0; echo "$PLAN_NAME: plan $PLAN_COUNT checks"; }
passed() { PLAN_PASSED=$((PLAN_PASSED + 1)); echo "ok   $*"; }
plan_end() {
  if [ "$PLAN_PASSED" -ne "$PLAN_COUNT" ]; then
    echo "$PLAN_NAME: FAIL: $PLAN_PASSED checks passed of a plan of $PLAN_COUNT" >&2
    exit 1
  fi
  echo "$PLAN_NAME: $PLAN_PASSED of $PLAN_COUNT planned checks passed"
}
