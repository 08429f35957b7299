import { Route, Switch } from 'wouter'
import type { SignedInOperator } from '../session/session-api'
import { AuditionEditScreen, NewAuditionScreen } from './audition-form-screens'
import { AuditionListScreen } from './audition-list-screen'
import { AUDITION_ROUTES } from './audition-paths'
import { AuditionScreen } from './audition-screen'
import { BannerEditScreen, NewBannerScreen } from './banner-form-screens'
import { BANNER_ROUTES, bannerSpaceOf } from './banner-paths'
import { BannerSpaceScreen } from './banner-space-screen'
import { BannerSpacesScreen } from './banner-spaces-screen'
import { ContentProvider } from './content-context'
import { CouponEditScreen, NewCouponScreen } from './coupon-form-screens'
import { CouponGiveScreen } from './coupon-give-screen'
import { CouponListScreen } from './coupon-list-screen'
import { COUPON_ROUTES } from './coupon-paths'
import { CouponScreen } from './coupon-screen'
import { FlowEditScreen } from './flow-form'
import { FLOW_ROUTES, flowOf } from './flow-paths'
import { FlowListScreen, FlowScreen } from './flow-screens'
import { HelpAnswerScreen } from './help-answer-screen'
import { HelpAnswerEditScreen, NewHelpAnswerScreen } from './help-answer-screens'
import { HelpCategoryEditScreen } from './help-category-screen'
import { HelpListScreen } from './help-list-screen'
import { HELP_ROUTES } from './help-paths'
import { NewNewsScreen, NewsEditScreen } from './news-form-screens'
import { NewsListScreen } from './news-list-screen'
import { NEWS_ROUTES } from './news-paths'
import { NewsScreen } from './news-screen'
import './content.css'

/**
 * The console's content areas, one chunk fetched when one of them is first shown. Every operator
 * reads; what a role may not change is not offered (each area's access file reads the contract's
 * route roles). Each area adds its screens to the list below; a path of an area that names no screen
 * is left to the console's not-found screen (`fallback`).
 */
export function ContentScreens({
  operator,
  fallback,
}: {
  operator: SignedInOperator
  fallback: React.ReactNode
}) {
  return (
    <ContentProvider operator={operator}>
      <Switch>
        <Route path={NEWS_ROUTES.list}>
          <NewsListScreen />
        </Route>
        <Route path={NEWS_ROUTES.create}>
          <NewNewsScreen />
        </Route>
        <Route path={NEWS_ROUTES.item}>
          {(params) => <NewsScreen key={params.newsId} newsId={params.newsId} />}
        </Route>
        <Route path={NEWS_ROUTES.edit}>
          {(params) => <NewsEditScreen key={params.newsId} newsId={params.newsId} />}
        </Route>
        <Route path={BANNER_ROUTES.spaces}>
          <BannerSpacesScreen />
        </Route>
        <Route path={BANNER_ROUTES.space}>
          {(params) => {
            const spaceId = bannerSpaceOf(params.spaceId)
            return spaceId ? <BannerSpaceScreen key={spaceId} spaceId={spaceId} /> : fallback
          }}
        </Route>
        <Route path={BANNER_ROUTES.create}>
          {(params) => {
            const spaceId = bannerSpaceOf(params.spaceId)
            return spaceId ? <NewBannerScreen key={spaceId} spaceId={spaceId} /> : fallback
          }}
        </Route>
        <Route path={BANNER_ROUTES.edit}>
          {(params) => {
            const spaceId = bannerSpaceOf(params.spaceId)
            return spaceId ? (
              <BannerEditScreen key={params.bannerId} spaceId={spaceId} bannerId={params.bannerId} />
            ) : (
              fallback
            )
          }}
        </Route>
        <Route path={HELP_ROUTES.list}>
          <HelpListScreen />
        </Route>
        <Route path={HELP_ROUTES.newAnswer}>
          <NewHelpAnswerScreen />
        </Route>
        <Route path={HELP_ROUTES.answer}>
          {(params) => <HelpAnswerScreen key={params.answerId} answerId={params.answerId} />}
        </Route>
        <Route path={HELP_ROUTES.answerEdit}>
          {(params) => <HelpAnswerEditScreen key={params.answerId} answerId={params.answerId} />}
        </Route>
        <Route path={HELP_ROUTES.categoryEdit}>
          {(params) => <HelpCategoryEditScreen key={params.categoryId} categoryId={params.categoryId} />}
        </Route>
        <Route path={COUPON_ROUTES.list}>
          <CouponListScreen />
        </Route>
        <Route path={COUPON_ROUTES.create}>
          <NewCouponScreen />
        </Route>
        <Route path={COUPON_ROUTES.coupon}>
          {(params) => <CouponScreen key={params.couponId} couponId={params.couponId} />}
        </Route>
        <Route path={COUPON_ROUTES.edit}>
          {(params) => <CouponEditScreen key={params.couponId} couponId={params.couponId} />}
        </Route>
        <Route path={COUPON_ROUTES.give}>
          {(params) => <CouponGiveScreen key={params.couponId} couponId={params.couponId} />}
        </Route>
        <Route path={AUDITION_ROUTES.list}>
          <AuditionListScreen />
        </Route>
        <Route path={AUDITION_ROUTES.create}>
          <NewAuditionScreen />
        </Route>
        <Route path={AUDITION_ROUTES.audition}>
          {(params) => <AuditionScreen key={params.auditionId} auditionId={params.auditionId} />}
        </Route>
        <Route path={AUDITION_ROUTES.edit}>
          {(params) => <AuditionEditScreen key={params.auditionId} auditionId={params.auditionId} />}
        </Route>
        <Route path={FLOW_ROUTES.list}>
          <FlowListScreen />
        </Route>
        <Route path={FLOW_ROUTES.flow}>
          {(params) => {
            const flowName = flowOf(params.flowName)
            return flowName ? <FlowScreen key={flowName} flowName={flowName} /> : fallback
          }}
        </Route>
        <Route path={FLOW_ROUTES.edit}>
          {(params) => {
            const flowName = flowOf(params.flowName)
            return flowName ? <FlowEditScreen key={flowName} flowName={flowName} /> : fallback
          }}
        </Route>
        <Route>{fallback}</Route>
      </Switch>
    </ContentProvider>
  )
}
